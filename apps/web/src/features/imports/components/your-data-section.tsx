import { Link as RouterLink } from '#/lib/router/react.tsx'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import DownloadIcon from '@mui/icons-material/Download'
import UploadIcon from '@mui/icons-material/Upload'
import CodeIcon from '@mui/icons-material/Code'
import { paths } from '#/config/paths.ts'
import { errorMessage } from '#/lib/api-client.ts'
import { ErrorAlert } from '#/components/feedback/error-alert.tsx'
import { useExportLibrary, type LibraryExport } from '#/features/imports/api/export-library.ts'

const YOUR_DATA_TEXT = {
  heading: 'Your data',
  import: 'Import your library',
  goodreads: 'Export (Goodreads CSV)',
  json: 'Export everything (JSON)',
  exporting: 'Exporting...',
  exportFailed: 'Could not export your data. Please try again.',
  developers: 'Developers',
  deleteAccount: 'Delete account',
} as const

/** The own profile's small row for the reader's data: import a library, export it (two formats), the Developers page (tokens, devices, webhooks), delete the account. */
export function YourDataSection({ onDeleteAccount }: { onDeleteAccount: () => void }) {
  const exporter = useExportLibrary()
  const button = (kind: LibraryExport) => (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={exporter.isPending} onClick={() => exporter.mutate(kind)}>
      {exporter.isPending && exporter.variables === kind ? YOUR_DATA_TEXT.exporting : YOUR_DATA_TEXT[kind]}
    </Button>
  )
  return (
    <Box component="section" aria-labelledby="your-data-heading">
      <Typography id="your-data-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {YOUR_DATA_TEXT.heading}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<UploadIcon />} component={RouterLink} to={paths.import.href()}>
          {YOUR_DATA_TEXT.import}
        </Button>
        {button('goodreads')}
        {button('json')}
        <Button size="small" variant="outlined" startIcon={<CodeIcon />} component={RouterLink} to={paths.developers.href()}>
          {YOUR_DATA_TEXT.developers}
        </Button>
        <Button size="small" color="error" onClick={onDeleteAccount}>
          {YOUR_DATA_TEXT.deleteAccount}
        </Button>
      </Box>
      {exporter.isError && <ErrorAlert>{errorMessage(exporter.error, YOUR_DATA_TEXT.exportFailed)}</ErrorAlert>}
    </Box>
  )
}
