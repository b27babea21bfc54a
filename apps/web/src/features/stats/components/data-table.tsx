import type { ReactNode } from 'react'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import { groupDigits } from '@shelfwise/contracts/numbers'

export interface DataRow {
  key: string | number
  /** The row's header (a month, a star count, a genre), then its figures. */
  cells: [ReactNode, ...(string | number)[]]
}

const figure = (v: string | number) => (typeof v === 'number' ? groupDigits(v) : v)

/**
 * A chart's numbers as a real table (for screen readers, and for anyone who would rather read): a
 * caption, column headers, and each row's first cell its header.
 */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: DataRow[] }) {
  return (
    <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0, pb: 1, fontWeight: 600, color: 'text.primary' } }}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          {columns.map((c, i) => (
            <TableCell key={c} scope="col" align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 700 }}>
              {c}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ key, cells: [head, ...figures] }) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {head}
            </TableCell>
            {figures.map((v, i) => (
              <TableCell key={i} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {figure(v)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
