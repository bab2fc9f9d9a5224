import { createContext, useContext } from 'react';
import { browserDisplayFormat, type DisplayFormat } from './column-format.js';

/** The locale and time zone the widgets write numbers and dates in (the embed page sets its session's). */
export const DisplayFormatContext = createContext<DisplayFormat>(browserDisplayFormat);

export function useDisplayFormat(): DisplayFormat {
  return useContext(DisplayFormatContext);
}
