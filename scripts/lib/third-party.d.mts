/** Types of third-party.mjs (plain JavaScript so that the build and the packed product need no transpiler). */
export declare const GEOLITE_ATTRIBUTION: string;
export interface ProductionPackage {
  name: string;
  version: string;
  license: string;
  dir: string;
  files: string[];
}
export declare function productionPackages(root: string): ProductionPackage[];
export declare function thirdPartyLicenses(root: string): string;
export declare function writeThirdPartyLicenses(root: string, file: string): void;
