import { describe, expect, it } from 'vitest'
import { nodeVersionProblem } from '~/lib/node-version'

describe('the Node the server runs on', () => {
  it('refuses anything older than 22.12 with one line that says what to do', () => {
    for (const version of ['20.19.2', '22.11.0', '18.0.0', '21.7.3']) {
      const problem = nodeVersionProblem(version)
      expect(problem).toContain(`Node ${version} wird nicht unterstützt`)
      expect(problem).toContain('npm run serve')
      expect(problem).not.toContain('\n')
    }
  })
  it('accepts 22.12 and newer', () => {
    for (const version of ['22.12.0', '22.20.1', '23.0.0', '24.11.1']) expect(nodeVersionProblem(version)).toBeNull()
  })
})
