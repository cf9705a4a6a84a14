import { Asset, ScriptOnce, useRouter, useTags } from '@tanstack/react-router'
import type { RouterManagedTag } from '@tanstack/react-router'
import { PAGE_CHUNKS_META } from '~/browser/first-paint'
import { holdSubmitsScript } from '~/browser/pre-hydration-forms'

const isModulePreload = (tag: RouterManagedTag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'

/**
 * The document head as TanStack's `HeadContent` renders it, but with the page's chunks of code
 * listed in a `<meta>` instead of preload links: the browser entry preloads them once the page
 * has been painted (app/browser/first-paint.ts). After the start the list has no use: the router
 * fetches the chunks of the pages visited next itself. Last, the script that holds a form sent
 * before the app has it (app/browser/pre-hydration-forms.ts).
 */
export function DocumentHead() {
  const nonce = useRouter().options.ssr?.nonce
  const tags = useTags()
  const chunks = tags.filter(isModulePreload).map((tag) => String(tag.attrs?.href))
  return (
    <>
      {tags
        .filter((tag) => !isModulePreload(tag))
        .map((tag) => (
          <Asset {...tag} key={`head-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
      <meta name={PAGE_CHUNKS_META} content={chunks.join(' ')} />
      <ScriptOnce>{holdSubmitsScript}</ScriptOnce>
    </>
  )
}
