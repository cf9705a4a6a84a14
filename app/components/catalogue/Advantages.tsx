import type { BlogEntry } from '~/lib/api'

/** The operator's advantages (blog type 29); nothing at all when the list is empty (also after a load failure, spec 8). */
export function Advantages({ id, title, entries }: { id: string; title: string; entries: readonly BlogEntry[] }) {
  if (entries.length === 0) return null
  return (
    <section className="container section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="advantages">
        {entries.map((entry) => (
          <li key={entry.id} className="advantage">
            <h3 className="advantage__title">{entry.title}</h3>
            {/* The body is sanitised on the server (blog.server.ts). */}
            {entry.teaser ? <p>{entry.teaser}</p> : <div dangerouslySetInnerHTML={{ __html: entry.body }} />}
          </li>
        ))}
      </ul>
    </section>
  )
}
