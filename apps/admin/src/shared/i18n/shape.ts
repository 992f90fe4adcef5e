/** A tree of texts with the same keys as T, every text a string (another language's shape). */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
