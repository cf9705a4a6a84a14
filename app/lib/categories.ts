// Which categories the main category list shows, and which ones feed the start page's special blocks.

export type CategoryLike = {
  name?: string | null
  journeys?: number | null
}

export type SpecialCategoryKind = 'top' | 'app' | 'slider' | 'tipps' | 'highlight'

// Spec 5 prefixes, lower case. The match is a plain prefix as the spec says, so a region-like name
// such as "Appenzell" is hidden too; the operator has to name such a category differently.
const SPECIAL_PREFIXES: readonly (readonly [prefix: string, kind: SpecialCategoryKind])[] = [
  ['top', 'top'],
  ['app', 'app'],
  ['slider', 'slider'],
  ['busreisen tipps', 'tipps'],
  ['reisehighlight', 'highlight'],
]

// Leading spaces, doubled or non-breaking spaces from a CMS field must not defeat the rule.
function normaliseName(name: string | null | undefined): string {
  return (name ?? '').replace(/\s+/gu, ' ').trim().toLocaleLowerCase('de-DE')
}

/**
 * The special block a category feeds on the start page (slider, top trips, tips, highlights,
 * app), chosen by the spec 5 name prefix (case-insensitive); null for an ordinary category.
 */
export function specialCategoryKind(name: string | null | undefined): SpecialCategoryKind | null {
  const normalised = normaliseName(name)
  for (const [prefix, kind] of SPECIAL_PREFIXES) {
    if (normalised.startsWith(prefix)) return kind
  }
  return null
}

/**
 * Spec 5: hidden when journeys is missing, null or zero, or when the name starts with one of the
 * special prefixes. Also hidden (decision): a negative or non-finite journeys count, and a
 * category without a name, which would render as an empty link.
 */
export function isMainListCategory(c: CategoryLike): boolean {
  const journeys = c.journeys
  if (typeof journeys !== 'number' || !Number.isFinite(journeys) || journeys <= 0) return false
  if (normaliseName(c.name) === '') return false
  return specialCategoryKind(c.name) === null
}

/** The main category list, in the given order. */
export function filterMainCategories<C extends CategoryLike>(list: readonly C[]): C[] {
  return list.filter(isMainListCategory)
}
