import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';

export function NotFoundPage() {
  return (
    <main>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <Link to={paths.home()}>Go to the home page</Link>.
      </p>
    </main>
  );
}
