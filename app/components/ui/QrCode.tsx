// A QR code drawn as one SVG path (no canvas, no script: the server renders it with the page).
import QRCode from 'qrcode'

/** The QR code of `text`, with `label` for screen readers (what the code does, in words). */
export function QrCode({ text, label, size = 180 }: { text: string; label: string; size?: number }) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const quiet = 4
  const width = modules.size + quiet * 2
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`
  }
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${width} ${width}`} shapeRendering="crispEdges" className="qr-code">
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
