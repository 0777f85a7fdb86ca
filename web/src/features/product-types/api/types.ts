export interface ProductType {
  id: string;
  name: string;
  version: number;
}

export interface ProductTypeInput {
  name: string;
}
