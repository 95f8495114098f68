import { createContext, useContext } from 'react';

// How large the public pages' controls are: a kiosk's touch screen is read from a step away (60 px
// Mantine xl), a phone from a hand (50 px lg); both above the 44 px a finger needs
// (MIN_TOUCH_TARGET_PX, measured by the browser tests).
export type TouchSize = 'lg' | 'xl';
export const TouchSizeContext = createContext<TouchSize>('lg');
export const useTouchSize = () => useContext(TouchSizeContext);
