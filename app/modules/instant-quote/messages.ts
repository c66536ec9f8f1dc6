// The texts a customer reads about their model (issue 15). One place, so the page and the tests
// quote the same words.

export const UNREADABLE_MODEL_MESSAGE = 'This file is not a 3D model we can read'
export const OPEN_MESH_MESSAGE = 'The model has holes; we will check it by hand'
export const TOO_COMPLEX_MODEL_MESSAGE = 'This model is too complex for an instant quote; please ask the shop'

export function fileTooLargeMessage(maxBytes: number): string {
  const megabytes = maxBytes / (1024 * 1024)
  const limit = Number.isInteger(megabytes) ? `${megabytes} MB` : `${megabytes.toFixed(1)} MB`
  return `The file is larger than ${limit}; please send a smaller one or ask the shop`
}
