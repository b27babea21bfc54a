import Box from '@mui/material/Box'
import { alpha, type SxProps, type Theme } from '@mui/material/styles'

/** An error message in red (a light alert: the full MUI Alert stays out of the first screen's code). */
export function ErrorAlert({ children, sx }: { children: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      role="alert"
      sx={[
        (t) => ({
          my: 2,
          px: 2,
          py: 1.5,
          borderRadius: 1,
          bgcolor: alpha(t.palette.error.main, 0.08),
          color: t.palette.error.dark,
          borderLeft: `4px solid ${t.palette.error.main}`,
          fontWeight: 500,
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  )
}
