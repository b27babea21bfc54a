// The real TouchRipple, as vite.config.ts resolves it for src/theme/lazy-touch-ripple.ts.
declare module 'shelfwise:mui-touch-ripple' {
  const TouchRipple: React.ComponentType<object>
  export default TouchRipple
}
