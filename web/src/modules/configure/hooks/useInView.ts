import { useEffect, useState, type RefObject } from 'react';

// Whether the element is on screen (with a margin): areas off screen are not drawn, so that a yard
// of tens of thousands of slots costs only the areas in view.
export function useInView(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return inView;
}
