#define LOG_MODE "wr"
