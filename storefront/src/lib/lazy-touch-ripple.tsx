// Stands in for MUI's ButtonBase ripple in the build (vite.config.ts): the ripple's code loads the
// first time a button is pressed or focused from the keyboard, not with every page.
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentType,
  type RefAttributes,
} from 'react';

type RippleComponent = ComponentType<TouchRippleProps & RefAttributes<TouchRippleActions>>;
type RippleCall = {
  [Method in keyof TouchRippleActions]: [Method, Parameters<TouchRippleActions[Method]>];
}[keyof TouchRippleActions];

let loaded: RippleComponent | null = null;
let loading: Promise<RippleComponent> | null = null;

function loadTouchRipple(): Promise<RippleComponent> {
  loading ??= import('@mui/material/ButtonBase/TouchRipple').then((module) => {
    loaded = module.default as unknown as RippleComponent;
    return loaded;
  });
  return loading;
}

/**
 * ButtonBase mounts its ripple on the first press or keyboard focus and then calls start, stop or
 * pulsate on it. Until the real ripple has loaded those calls wait here, in order, and run on it
 * once mounted: the first press still ripples, a few milliseconds later.
 */
const LazyTouchRipple = forwardRef<TouchRippleActions, TouchRippleProps>(function LazyTouchRipple(props, ref) {
  const [Ripple, setRipple] = useState<RippleComponent | null>(() => loaded);
  const ripple = useRef<TouchRippleActions | null>(null);
  const waiting = useRef<RippleCall[]>([]);

  const run = useCallback((call: RippleCall) => {
    const [method, args] = call;
    if (!ripple.current) waiting.current.push(call);
    else if (method === 'start') ripple.current.start(...args);
    else if (method === 'stop') ripple.current.stop(...args);
    else ripple.current.pulsate(...args);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      start: (...args) => run(['start', args]),
      stop: (...args) => run(['stop', args]),
      pulsate: (...args) => run(['pulsate', args]),
    }),
    [run],
  );

  useEffect(() => {
    if (Ripple) return undefined;
    let isCurrent = true;
    loadTouchRipple().then(
      (component) => {
        if (isCurrent) setRipple(() => component);
      },
      () => undefined, // No ripple then; the button works without it.
    );
    return () => {
      isCurrent = false;
    };
  }, [Ripple]);

  const attach = useCallback(
    (actions: TouchRippleActions | null) => {
      ripple.current = actions;
      if (!actions) return;
      const calls = waiting.current;
      waiting.current = [];
      calls.forEach(run);
    },
    [run],
  );

  return Ripple ? <Ripple {...props} ref={attach} /> : null;
});

export default LazyTouchRipple;
