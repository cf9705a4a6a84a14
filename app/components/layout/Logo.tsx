import { Link } from '@tanstack/react-router'

export type LogoProps = { name: string; claim?: string }

/** The site's mark (a sun over a road) and name; links to the start page. */
export function Logo({ name, claim }: LogoProps) {
  return (
    <Link to="/" className="logo">
      <svg className="logo__mark" viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
        <rect width="48" height="48" rx="12" fill="currentColor" className="logo__tile" />
        <circle cx="24" cy="21" r="8" className="logo__sun" />
        <g className="logo__rays" strokeWidth="2.5" strokeLinecap="round">
          <path d="M24 6.5v4M11.5 11.5l2.8 2.8M36.5 11.5l-2.8 2.8M7 21h4M37 21h4" />
        </g>
        <path d="M6 36c6-4 12-5.5 18-5.5S36 32 42 36v6H6z" className="logo__road" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{name}</span>
        {/* The claim is decoration; the link's name stays short: "Sonnenland Reisen – zur Startseite". */}
        {claim ? (
          <span className="logo__claim" aria-hidden="true">
            {claim}
          </span>
        ) : null}
        <span className="visually-hidden"> – zur Startseite</span>
      </span>
    </Link>
  )
}
