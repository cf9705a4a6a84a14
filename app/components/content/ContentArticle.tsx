export type ContentArticleProps = {
  page: { title: string; teaser: string; body: string }
  className?: string
}

/** A content page written by the operator: title, teaser as lead, and the body (sanitised on the server). */
export function ContentArticle({ page, className = 'prose' }: ContentArticleProps) {
  return (
    <article className={className}>
      <h1>{page.title}</h1>
      {page.teaser ? <p className="lead">{page.teaser}</p> : null}
      <div dangerouslySetInnerHTML={{ __html: page.body }} />
    </article>
  )
}
