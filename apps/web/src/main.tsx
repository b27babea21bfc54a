import { createRoot } from 'react-dom/client'
import { start } from '#/app/start.tsx'

start(createRoot(document.getElementById('root')!)).catch((err: unknown) => console.error(err))
