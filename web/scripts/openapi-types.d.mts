export function schemaTypes(document: unknown): Promise<string>;
export function documentText(document: unknown): string;
