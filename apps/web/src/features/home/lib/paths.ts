export const stockPath = (code: string) => `/quotes/info?code=${encodeURIComponent(code)}`;
export const newsPath = (id: number) => `/news/info?id=${id}`;
