// The oldest Node the server runs on (TanStack Start needs 22.12; Map.groupBy needs 21).
export const MINIMUM_NODE = [22, 12, 0] as const

/** null when `version` ('20.19.2') is new enough, else the one line the server stops with. */
export function nodeVersionProblem(version: string): string | null {
  const parts = version.split('.').map((n) => Number.parseInt(n, 10))
  for (let i = 0; i < MINIMUM_NODE.length; i++) {
    const have = parts[i] ?? 0
    const need = MINIMUM_NODE[i] ?? 0
    if (have > need) return null
    if (have < need) {
      return `Node ${version} wird nicht unterstützt: Der Server braucht Node ≥ ${MINIMUM_NODE.join('.')}. Starten Sie ihn mit "npm run serve" (bringt Node 24 mit).`
    }
  }
  return null
}
