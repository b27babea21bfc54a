import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link as RouterLink } from '#/lib/router/react.tsx'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Link from '@mui/material/Link'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import type { Theme } from '@mui/material/styles'
import type { Book, Edition, MergeKind, MergeProposal } from '@shelfwise/contracts'
import { paths } from '#/config/paths.ts'
import { useAuth } from '#/lib/auth.tsx'
import { errorMessage, FALLBACK_ERROR } from '#/lib/api-client.ts'
import { SectionSpinner } from '#/components/feedback/section-spinner.tsx'
import { useFindBooks } from '#/features/merges/api/find-books.ts'
import { useMergeBooks, useWorkEditions } from '#/features/merges/api/get-merge-books.ts'
import { useProposeMerge } from '#/features/merges/api/propose-merge.ts'
import { BookHead, editionCaption } from '#/features/merges/components/merge-proposal-card.tsx'
import { MergeFields } from '#/features/merges/components/merge-fields.tsx'
import { bookFields, fieldText, MERGE_TEXT, wouldStay } from '#/features/merges/components/merge-texts.ts'

const FLOW_TEXT = {
  kind: 'What is the same?',
  work: 'This book and another book on Shelfwise are the same book',
  edition: 'Two editions of this book are the same edition',
  oneEdition: 'This book has only one edition on Shelfwise.',
  find: 'Find the other book',
  search: 'Search',
  first: 'This edition',
  second: 'is the same edition as',
  compare: 'Compare',
  propose: 'Propose merge',
  proposing: 'Proposing...',
  back: 'Back',
  loading: 'Loading both books',
  sent: 'Proposal sent. A moderator or a trusted reader will look at it; any merge can be reverted.',
} as const

const year = (date: string | null) => (date ? `, ${date.slice(0, 4)}` : '')

/** An edition as a choice in the list: format, note, publisher and year, ISBN. */
function editionOption(e: Edition): string {
  const parts = [e.format ? fieldText('format', e.format) : '', e.edition, e.publisher, e.publishedDate?.slice(0, 4) ?? '', e.isbn ? `ISBN ${e.isbn}` : '']
  const text = parts.filter(Boolean).join(' · ') || 'Edition with no details'
  return e.primary ? `${text} (main edition)` : text
}

/** Who answered: a new proposal, or the open one of the same pair someone made before. */
function sentText(p: MergeProposal, myId: string | undefined): string {
  if (p.origin === 'reader' && p.proposedBy?._id === myId) return FLOW_TEXT.sent
  if (p.origin === 'import') return 'An import already suggested this merge: here it is.'
  return `This merge was already proposed${p.proposedBy ? ` by @${p.proposedBy.username}` : ''}: here it is.`
}

/**
 * The proposal (decision 0030): choose what is the same (this book and one found by searching the
 * catalogue, or two of its editions), compare both side by side with the one that would stay, then
 * propose. The API's answer (its own side-by-side and choice of the one that stays) ends the flow.
 */
export default function ProposeMergeDialog({ book, onClose }: { book: Book; onClose: () => void }) {
  const titleId = useId()
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'))
  const { user } = useAuth()
  const multiEdition = (book.editionCount ?? 1) > 1
  const [kind, setKind] = useState<MergeKind>('work')
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  const [other, setOther] = useState<string>('')
  const shownEdition = book.editionId ?? book._id
  const [editionA, setEditionA] = useState(shownEdition)
  const [editionB, setEditionB] = useState('')
  const [comparing, setComparing] = useState<readonly [string, string] | null>(null)
  const propose = useProposeMerge()
  const sent = propose.data

  const found = useFindBooks(kind === 'work' ? query : '')
  const editions = useWorkEditions(book._id, kind === 'edition' && multiEdition)
  const pair = useMergeBooks(comparing)
  const matches = (found.data ?? []).filter((b) => b._id !== book._id)
  const chosen: readonly [string, string] | null =
    kind === 'work' ? (other ? [book._id, other] : null) : editionA && editionB && editionA !== editionB ? [editionA, editionB] : null

  const handleSearch = (e: FormEvent) => {
    e.preventDefault()
    setOther('')
    setQuery(typed.trim())
  }
  const handlePropose = () => {
    if (comparing) propose.mutate({ kind, ids: [comparing[0], comparing[1]] })
  }

  const a = pair[0].data
  const b = pair[1].data
  const pairFailed = pair.find((q) => q.isError)?.error

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{MERGE_TEXT.report}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', alignContent: 'start' }}>
        {sent ? (
          <>
            <Alert severity="success" role="status">
              {sentText(sent, user?._id)}
            </Alert>
            <MergeFields
              fields={sent.fields}
              heads={
                [0, 1].map((i) => (
                  <BookHead
                    key={i}
                    book={sent.books[i] ?? null}
                    id={sent.ids[i]!}
                    kind={sent.kind}
                    side={sent.survivorId === sent.ids[i] ? 'Would stay' : 'Would be merged into the other'}
                  />
                )) as [ReactNode, ReactNode]
              }
            />
            <Link component={RouterLink} to={paths.merges.href()} onClick={onClose}>
              {MERGE_TEXT.seeAll}
            </Link>
          </>
        ) : comparing ? (
          <>
            {propose.isError && <Alert severity="error">{errorMessage(propose.error, FALLBACK_ERROR)}</Alert>}
            {pairFailed ? (
              <Alert severity="error">{errorMessage(pairFailed, FALLBACK_ERROR)}</Alert>
            ) : !a || !b ? (
              <SectionSpinner label={FLOW_TEXT.loading} />
            ) : (
              <ComparePair kind={kind} ids={comparing} books={[a, b]} />
            )}
          </>
        ) : (
          <>
            <RadioGroup aria-label={FLOW_TEXT.kind} value={kind} onChange={(e) => setKind(e.target.value as MergeKind)}>
              <FormControlLabel value="work" control={<Radio />} label={FLOW_TEXT.work} />
              <FormControlLabel value="edition" control={<Radio />} label={FLOW_TEXT.edition} disabled={!multiEdition} />
              {!multiEdition && (
                <Typography variant="body2" sx={{ color: 'text.secondary', ml: 4 }}>
                  {FLOW_TEXT.oneEdition}
                </Typography>
              )}
            </RadioGroup>
            {kind === 'work' ? (
              <>
                <Box component="form" role="search" onSubmit={handleSearch} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    label={FLOW_TEXT.find}
                    placeholder="Title, author or ISBN"
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    size="small"
                    fullWidth
                    autoFocus
                  />
                  <Button type="submit" variant="outlined">
                    {FLOW_TEXT.search}
                  </Button>
                </Box>
                {found.isError && <Alert severity="error">{errorMessage(found.error, FALLBACK_ERROR)}</Alert>}
                {query && found.isFetching && !found.data && <SectionSpinner label="Searching" />}
                {query && found.data && matches.length === 0 && (
                  <Typography sx={{ color: 'text.secondary' }}>
                    No other book matches “<bdi>{query}</bdi>”.
                  </Typography>
                )}
                {matches.length > 0 && (
                  <RadioGroup aria-label="The other book" value={other} onChange={(e) => setOther(e.target.value)} sx={{ gap: 0.5 }}>
                    {matches.map((m) => (
                      <FormControlLabel
                        key={m._id}
                        value={m._id}
                        control={<Radio />}
                        sx={{ alignItems: 'flex-start', minWidth: 0, '& .MuiFormControlLabel-label': { minWidth: 0, pt: 1 } }}
                        label={
                          <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                            <Box component="span" dir="auto" sx={{ fontWeight: 600 }}>
                              {m.title}
                            </Box>{' '}
                            by <bdi>{m.author}</bdi>
                            {year(m.publishedDate)}
                            {m.isbn ? ` · ISBN ${m.isbn}` : ''}
                          </Box>
                        }
                      />
                    ))}
                  </RadioGroup>
                )}
              </>
            ) : editions.isError ? (
              <Alert severity="error">{errorMessage(editions.error, FALLBACK_ERROR)}</Alert>
            ) : !editions.data ? (
              <SectionSpinner label="Loading editions" />
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                {(
                  [
                    [FLOW_TEXT.first, editionA, setEditionA, editionB],
                    [FLOW_TEXT.second, editionB, setEditionB, editionA],
                  ] as const
                ).map(([label, value, set, taken]) => (
                  <TextField
                    key={label}
                    select
                    label={label}
                    value={value}
                    onChange={(e) => set(e.target.value)}
                    size="small"
                    slotProps={{ select: { native: true } }}
                  >
                    <option value="">Choose an edition</option>
                    {editions.data.map((e) => (
                      <option key={e._id} value={e._id} disabled={e._id === taken}>
                        {editionOption(e)}
                      </option>
                    ))}
                  </TextField>
                ))}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {sent ? (
          <Button onClick={onClose} variant="contained">
            Close
          </Button>
        ) : comparing ? (
          <>
            <Button
              onClick={() => {
                propose.reset()
                setComparing(null)
              }}
            >
              {FLOW_TEXT.back}
            </Button>
            <Button variant="contained" onClick={handlePropose} disabled={!a || !b || propose.isPending}>
              {propose.isPending ? FLOW_TEXT.proposing : FLOW_TEXT.propose}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={() => setComparing(chosen)} disabled={!chosen}>
              {FLOW_TEXT.compare}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  )
}

/** Both books side by side before the proposal is sent, and which would stay. */
function ComparePair({ kind, ids, books }: { kind: MergeKind; ids: readonly [string, string]; books: [Book, Book] }) {
  const stays = wouldStay(kind, books, ids)
  const stayer = books[ids.indexOf(stays)]!
  return (
    <>
      <Typography>
        <Box component="span" dir="auto" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {kind === 'edition' ? `${stayer.title} (${editionCaption(stayer)})` : stayer.title}
        </Box>{' '}
        would stay: the other’s {kind === 'work' ? 'reviews, ratings, reads, shelves and editions' : 'readers'} would move to it. Check that they are the same
        before you propose.
      </Typography>
      <MergeFields
        fields={bookFields(books[0], books[1])}
        heads={[
          <BookHead key="a" book={books[0]} id={ids[0]} kind={kind} side={stays === ids[0] ? 'Would stay' : 'Would be merged into the other'} />,
          <BookHead key="b" book={books[1]} id={ids[1]} kind={kind} side={stays === ids[1] ? 'Would stay' : 'Would be merged into the other'} />,
        ]}
      />
    </>
  )
}
