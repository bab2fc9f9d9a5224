import { type ReactNode, useState } from 'react';
import { platformApi } from '../api/platform-api.js';
import { Link, navigate } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { useCurrentUser } from '../session/session.js';

/** The signed-in pages' frame: the product link, who is signed in, sign out; the page in <main>. */
export function PageLayout({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  const [isSigningOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await platformApi.signOut();
    } catch {
      // Already signed out (the session ended meanwhile): the login page is where to go all the same.
    }
    navigate(paths.login(null));
  };
  return (
    <>
      <header className="top-bar">
        <Link to={paths.home()} className="brand">
          Platform
        </Link>
        <span className="muted user-name">{user.name || user.email}</span>
        <button type="button" onClick={signOut} disabled={isSigningOut}>
          Sign out
        </button>
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
