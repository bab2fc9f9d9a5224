import * as z from 'zod';
import { text } from './text.schema.js';

/** The cookie the web pages' session travels in (HTTP-only, SameSite=Lax, Secure behind HTTPS). */
export const webSessionCookieName = 'platform_session';

/** The header the web pages send on writes made with the session cookie: a cross-site form cannot. */
export const webCsrfHeaderName = 'x-platform-csrf';

export const SignInInput = z
  .strictObject({
    apiKey: text().min(1).max(300).meta({ description: 'An API key (sk-...) of the user signing in.' }),
  })
  .meta({ id: 'SignInInput' });

export type SignInInput = z.infer<typeof SignInInput>;
