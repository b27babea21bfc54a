import Box from '@mui/material/Box'

/** The results' heading, which the skip link moves focus to. */
export const RESULTS_ID = 'browse-results'

/** 'Skip to results': out of sight until focused, it takes keyboard readers past the search box and filters. */
export function SkipToResults() {
  return (
    <Box
      component="a"
      href={`#${RESULTS_ID}`}
      onClick={(e: React.MouseEvent) => {
        e.preventDefault()
        document.getElementById(RESULTS_ID)?.focus()
      }}
      sx={{
        position: 'absolute',
        left: -10000,
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        '&:focus': {
          position: 'static',
          width: 'auto',
          height: 'auto',
          display: 'inline-block',
          mb: 1,
          px: 1.5,
          py: 0.75,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 700,
        },
      }}
    >
      Skip to results
    </Box>
  )
}
