import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

const api = process.env.SHELFWISE_API ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Prints each chunk with its gzipped size.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: {
      // The contracts package only declares schemas and constants: importing a constant must not
      // pull zod and every schema into the first screen's code.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
})
