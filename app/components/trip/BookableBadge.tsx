import { bookableLabel, bookableTone } from '~/lib/bookable'
import type { BookableStatus } from '~/lib/bookable'
import { Badge } from '../ui/Badge'

/** The booking status of a date or trip in words, in the colour that goes with it. */
export function BookableBadge({ status }: { status: BookableStatus }) {
  return <Badge tone={bookableTone(status)}>{bookableLabel(status)}</Badge>
}
