/* computed.h: read through a computed #include. */
#define ACCESS_FLAG AT_REMOVEDIR
