// Builds only (vite.config.ts, lazyTouchRipple()): stands in for MUI's TouchRipple, which ButtonBase
// imports for the ripple it draws on a press — and with it react-transition-group, about 2 KB of
// the first screen's gzipped code that no first render runs. ButtonBase mounts its ripple on the
// first press or keyboard focus; this one then loads the real ripple and hands it the calls
// (start, stop, pulsate) made before it arrived, in order.
import { createElement, forwardRef, lazy, Suspense, useCallback, useImperativeHandle, useRef, type ComponentType, type Ref } from 'react'

type Method = 'start' | 'stop' | 'pulsate'
type RippleApi = Record<Method, (...args: unknown[]) => void>

// Resolved by vite.config.ts to MUI's own TouchRipple module.
const RealTouchRipple = lazy(() => import('shelfwise:mui-touch-ripple') as Promise<{ default: ComponentType<{ ref?: Ref<RippleApi> }> }>)

const LazyTouchRipple = forwardRef<RippleApi, object>(function LazyTouchRipple(props, ref) {
  const real = useRef<RippleApi | null>(null)
  const waiting = useRef<[Method, unknown[]][]>([])
  useImperativeHandle(ref, () => {
    const call =
      (method: Method) =>
      (...args: unknown[]) => {
        if (real.current) real.current[method](...args)
        else waiting.current.push([method, args])
      }
    return { start: call('start'), stop: call('stop'), pulsate: call('pulsate') }
  }, [])
  const attach = useCallback((api: RippleApi | null) => {
    real.current = api
    if (api) for (const [method, args] of waiting.current.splice(0)) api[method](...args)
  }, [])
  return createElement(Suspense, { fallback: null }, createElement(RealTouchRipple, { ...props, ref: attach }))
})

export default LazyTouchRipple
