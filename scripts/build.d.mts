// Types of scripts/build.mjs for its TypeScript importers (bin is plain JS).
export declare const ROOT: string;
export declare function staleReason(): string | null;
export declare function canBuild(): boolean;
export declare function build(): boolean;
export declare function buildIfStale(options?: { quiet?: boolean }): boolean;
export declare function installedPgliteVersion(): string;
