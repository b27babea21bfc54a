import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

/** Where a reader finds their export on Goodreads and on StoryGraph, and what the import promises. */
export function ImportHelp() {
  return (
    <Box component="section" aria-labelledby="import-help-heading">
      <Typography id="import-help-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Get your export
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
        <li>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            Goodreads:
          </Typography>{' '}
          My Books → Import and export → Export Library. When the link to the file appears, download it.
        </li>
        <li>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            StoryGraph:
          </Typography>{' '}
          Manage account → Export StoryGraph library. Download the CSV file it makes.
        </li>
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        Your shelves, reads with their dates, ratings and reviews come along. Importing the same file again adds nothing twice, and a book we cannot match for
        sure waits for your choice.
      </Typography>
    </Box>
  )
}
