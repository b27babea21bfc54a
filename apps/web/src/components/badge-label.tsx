import Box from '@mui/material/Box'

export function BadgeLabel({ children, color = 'secondary' }: { children: string; color?: 'primary' | 'secondary' | 'success' }) {
  return (
    <Box
      component="span"
      sx={{
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        px: 1,
        py: 0.25,
        borderRadius: 8,
        fontSize: 12,
        fontWeight: 700,
        lineHeight: 1.6,
        boxShadow: 1,
      }}
    >
      {children}
    </Box>
  )
}
