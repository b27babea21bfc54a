import { useState, type ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ThemeProvider } from '@mui/material/styles'
import CssBaseline from '@mui/material/CssBaseline'
import { darkTheme, theme } from '#/theme/theme.ts'
import { ColorModeProvider } from '#/lib/color-mode.tsx'
import { AuthProvider } from '#/lib/auth.tsx'
import { ApiError } from '#/lib/api-client.ts'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not change on a retry; network and 5xx get one more try.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
      },
    },
  })
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <ColorModeProvider>
        {(mode) => (
          <ThemeProvider theme={mode === 'dark' ? darkTheme : theme}>
            <CssBaseline />
            <AuthProvider>{children}</AuthProvider>
          </ThemeProvider>
        )}
      </ColorModeProvider>
    </QueryClientProvider>
  )
}
