// The main navigation as a disclosure menu: a button per item with children opens its submenu.
// Spec 9: menus open after 300 ms of hover and close 250 ms after the pointer has left; keyboard
// and touch users toggle at once, Escape closes.
import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react'
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '~/lib/menu'
import type { MenuItem } from '~/lib/site'
import { AppLink } from '../ui/AppLink'
import { ChevronDownIcon } from './icons'

/** Where the navigation is a horizontal bar with dropdowns (below it, it is the "Menü" panel). */
export const DESKTOP_NAV_QUERY = '(min-width: 60em) and (hover: hover)'

type OpenState = { index: number; by: 'hover' | 'click' } | null

export type MainNavProps = {
  items: readonly MenuItem[]
  id?: string
  /** Called when a link is followed (the header closes its mobile panel). */
  onNavigate?: () => void
}

function hasChildren(item: MenuItem): item is MenuItem & { children: MenuItem[] } {
  return Array.isArray(item.children) && item.children.length > 0
}

/** A parent's own page is offered as the submenu's first entry, unless a child already links there. */
function overviewHref(item: MenuItem): string | null {
  const href = item.href.trim()
  if (href === '' || href === '#') return null
  return item.children?.some((child) => child.href === href) ? null : href
}

export function MainNav({ items, id, onNavigate }: MainNavProps) {
  const baseId = useId()
  const [open, setOpen] = useState<OpenState>(null)
  const navRef = useRef<HTMLElement>(null)
  const toggleRefs = useRef(new Map<number, HTMLButtonElement>())
  const openTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const clearTimers = () => {
    clearTimeout(openTimer.current)
    clearTimeout(closeTimer.current)
  }
  useEffect(() => clearTimers, [])

  // A click or tap anywhere else closes an open submenu.
  useEffect(() => {
    if (open === null) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && navRef.current?.contains(event.target)) return
      setOpen(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const hoverEnabled = (event: ReactPointerEvent) =>
    event.pointerType === 'mouse' && typeof window !== 'undefined' && window.matchMedia(DESKTOP_NAV_QUERY).matches

  const onPointerEnter = (index: number, event: ReactPointerEvent) => {
    if (!hoverEnabled(event)) return
    clearTimers()
    if (open?.index === index) return
    openTimer.current = setTimeout(() => setOpen({ index, by: 'hover' }), MENU_OPEN_DELAY_MS)
  }

  const onPointerLeave = (index: number, event: ReactPointerEvent) => {
    if (!hoverEnabled(event)) return
    clearTimeout(openTimer.current)
    // A submenu pinned by a click stays until it is closed on purpose (click, Escape, focus or tap elsewhere).
    closeTimer.current = setTimeout(() => {
      setOpen((current) => (current?.index === index && current.by === 'hover' ? null : current))
    }, MENU_CLOSE_DELAY_MS)
  }

  const onToggle = (index: number) => {
    clearTimers()
    setOpen((current) => {
      if (current?.index !== index) return { index, by: 'click' }
      // A click on a submenu that hovering has just opened keeps it open (and pins it).
      return current.by === 'hover' ? { index, by: 'click' } : null
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || open === null) return
    event.stopPropagation()
    const index = open.index
    setOpen(null)
    toggleRefs.current.get(index)?.focus()
  }

  const followed = () => {
    clearTimers()
    setOpen(null)
    onNavigate?.()
  }

  return (
    <nav ref={navRef} id={id} aria-label="Hauptnavigation" className="main-nav" onKeyDown={onKeyDown}>
      <ul className="main-nav__list">
        {items.map((item, index) => {
          const key = `${index}-${item.href}-${item.label}`
          if (!hasChildren(item)) {
            return (
              <li key={key} className="main-nav__item">
                <AppLink href={item.href} className="main-nav__link" onClick={followed}>
                  {item.label}
                </AppLink>
              </li>
            )
          }
          const isOpen = open?.index === index
          const submenuId = `${baseId}-untermenue-${index}`
          const overview = overviewHref(item)
          return (
            <li
              key={key}
              className={isOpen ? 'main-nav__item main-nav__item--open' : 'main-nav__item'}
              onPointerEnter={(event) => onPointerEnter(index, event)}
              onPointerLeave={(event) => onPointerLeave(index, event)}
              onBlur={(event) => {
                // Tabbing out of an open submenu closes it.
                const next = event.relatedTarget
                if (next instanceof Node && !event.currentTarget.contains(next)) {
                  setOpen((current) => (current?.index === index ? null : current))
                }
              }}
            >
              <button
                ref={(node) => {
                  if (node) toggleRefs.current.set(index, node)
                  else toggleRefs.current.delete(index)
                }}
                type="button"
                className="main-nav__link main-nav__toggle"
                aria-expanded={isOpen}
                aria-controls={submenuId}
                onClick={() => onToggle(index)}
              >
                {item.label}
                <ChevronDownIcon className="main-nav__chevron" />
              </button>
              <ul id={submenuId} className="main-nav__submenu" hidden={!isOpen}>
                {overview ? (
                  <li>
                    <AppLink href={overview} className="main-nav__sublink main-nav__sublink--overview" onClick={followed}>
                      {item.label}: Übersicht
                    </AppLink>
                  </li>
                ) : null}
                {item.children.map((child, childIndex) => (
                  <li key={`${childIndex}-${child.href}-${child.label}`}>
                    <AppLink href={child.href} className="main-nav__sublink" onClick={followed}>
                      {child.label}
                    </AppLink>
                    {child.children && child.children.length > 0 ? (
                      <ul className="main-nav__subsubmenu">
                        {child.children.map((grandchild, grandchildIndex) => (
                          <li key={`${grandchildIndex}-${grandchild.href}-${grandchild.label}`}>
                            <AppLink href={grandchild.href} className="main-nav__sublink" onClick={followed}>
                              {grandchild.label}
                            </AppLink>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
