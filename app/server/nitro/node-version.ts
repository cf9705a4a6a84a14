// Nitro runs its plugins at start, before it serves anything: on a Node without the features the
// app uses (Map.groupBy and others arrived in Node 21/22) every page would answer 500, so the
// server refuses to start with one line instead. The system Node of a Debian machine is 20; the
// project brings Node 24 (`npm run serve` uses it).
import { definePlugin } from 'nitro'
import { nodeVersionProblem } from '../../lib/node-version'

export default definePlugin(() => {
  const problem = nodeVersionProblem(process.versions.node)
  if (problem === null) return
  process.stderr.write(`${problem}\n`)
  process.exit(1)
})
