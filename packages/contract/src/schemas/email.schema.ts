import * as z from 'zod';

/**
 * An e-mail address as HTML forms accept it: a domain may be a single label (`admin@localhost`, the
 * first admin every server creates, or `ops@intranet`), which zod's default pattern refuses.
 */
export const EmailAddress = z.email({ pattern: z.regexes.html5Email }).max(320);
