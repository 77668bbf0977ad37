export interface EnvelopeBody<T> {
  success: boolean;
  data: T;
  message: string;
  error: string | null;
}

export const ok = <T>(data: T, message = 'OK'): EnvelopeBody<T> => ({ success: true, data, message, error: null });

export const fail = <T = null>(error: string, message: string = error, data: T = null as T): EnvelopeBody<T> => ({
  success: false,
  data,
  message,
  error,
});
