/** Where the article screens live (docs/screens.md, Stock and prices), for links between them. */
export const ARTICLES_PATH = '/stock-and-prices/articles-management';

/** ItemManagementRoute: one article with its variations. */
export const itemManagementPath = (id: number | string) => `${ARTICLES_PATH}/${id}`;
