/** The envelope every API error answers with (ARCHITECTURE decisions 7, 8). */
export interface ApiError {
  success: false;
  message: string;
  errors?: { field: string; message: string }[];
}
