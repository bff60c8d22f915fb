// Stands in for MUI's Popper inside Tooltip in the build (vite.config.ts): the Popper and Popper.js
// code (about 8 KB gzip) loads the first time a tooltip opens, not with the first screen, whose
// header and menu carry tooltips that are only shown on hover or focus.
import type { PopperProps } from '@mui/material/Popper';
import { forwardRef, useEffect, useState, type ComponentType, type RefAttributes } from 'react';

type PopperComponent = ComponentType<PopperProps & RefAttributes<HTMLDivElement>>;

let loaded: PopperComponent | null = null;
let loading: Promise<PopperComponent> | null = null;

function loadPopper(): Promise<PopperComponent> {
  loading ??= import('@mui/material/Popper').then((module) => {
    loaded = module.default as unknown as PopperComponent;
    return loaded;
  });
  return loading;
}

/**
 * Renders nothing until the tooltip first opens (a closed Popper renders nothing either), then the
 * real Popper with the same props from then on, so closing keeps its exit transition.
 */
const LazyTooltipPopper = forwardRef<HTMLDivElement, PopperProps>(function LazyTooltipPopper(props, ref) {
  const [Popper, setPopper] = useState<PopperComponent | null>(() => loaded);
  const isWanted = Boolean(props.open || props.keepMounted);

  useEffect(() => {
    if (Popper || !isWanted) return undefined;
    let isCurrent = true;
    loadPopper().then(
      (component) => {
        if (isCurrent) setPopper(() => component);
      },
      () => undefined, // No tooltip then; what it describes still carries its label.
    );
    return () => {
      isCurrent = false;
    };
  }, [Popper, isWanted]);

  return Popper ? <Popper {...props} ref={ref} /> : null;
});

export default LazyTooltipPopper;
