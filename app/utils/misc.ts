import { type ClassValue, clsx } from 'clsx'
import { mergeClasses } from './merge-classes'

export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
