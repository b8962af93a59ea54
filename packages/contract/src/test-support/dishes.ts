/*
 * For tests only (the contract's, the API's and the web app's): nothing of the product imports this file, so
 * no bundle carries it. A dish whose owner gave only its name, its price and its category, as the API answers
 * it: each detail « not stated ». Written out here, not read from the schema, so that a test comparing an
 * answer with it still fails when a default changes.
 */

export const notStated = () => ({
  description: null,
  allergens: null,
  diets: [],
  homemade: false,
  meatOrigin: null,
  course: null,
});

export const plainDish = (name: string, price: number, category: string) => ({
  name,
  price,
  category,
  ...notStated(),
});
