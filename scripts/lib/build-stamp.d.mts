/** Types of build-stamp.mjs (plain JavaScript so that `npm start` needs no transpiler). */
export declare function inputFiles(root: string, entries: readonly string[]): string[];
export declare function contentHash(root: string, files: readonly string[]): string;
export declare function statFingerprint(root: string, files: readonly string[]): string;
export declare function isBuildFresh(stampFile: string, root: string, entries: readonly string[]): boolean;
export declare function writeBuildStamp(stampFile: string, root: string, entries: readonly string[]): void;
