export declare const REQUIRED_MAJOR: number;
export declare function nodeVersionProblem(version: string): string | null;
