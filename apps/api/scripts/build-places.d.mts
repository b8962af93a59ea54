export declare const PLACES_FILE: string;
export interface BuiltPlaces {
  departments: Record<string, string>;
  places: [string, string, string, string[], number, number, number][];
  summary: Record<string, number>;
}
export declare function buildPlaces(): Promise<BuiltPlaces>;
export declare function serializePlaces(built: BuiltPlaces): string;
