/** The envelope every API error answers with (ARCHITECTURE.md "One schema per body" and "Errors as JSON"). */
export interface ApiError {
  success: false;
  message: string;
  errors?: { field: string; message: string }[];
}
