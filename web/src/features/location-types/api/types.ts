export interface LocationType {
  id: string;
  name: string;
  icon_id: string | null;
  icon_url: string | null;
  version: number;
}

export interface LocationTypeInput {
  name: string;
  icon_id: string | null;
}
