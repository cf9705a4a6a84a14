import { Link, useLocation } from '@tanstack/react-router'
import { buttonClassName } from '../ui/Button'

/** Spec 2/8: status 404 shows 'Page Not Found' and 'Page not found: {path}'. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <h1 id="error-title" lang="en">
        Page Not Found
      </h1>
      <p lang="en">Page not found: {pathname}</p>
      <p>
        Die Seite <code>{pathname}</code> gibt es leider nicht (mehr). Vielleicht finden Sie Ihre Reise über die Suche oder
        die Startseite.
      </p>
      <p>
        <Link to="/" className={buttonClassName()}>
          Zur Startseite
        </Link>
      </p>
    </section>
  )
}
