import { RouterProvider } from 'react-router'
import { AppProvider } from '#/app/provider.tsx'
import { createAppRouter } from '#/app/router.tsx'

const router = createAppRouter()

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
