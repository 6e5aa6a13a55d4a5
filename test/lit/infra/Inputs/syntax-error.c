int broken(void)
{
	return 1 +;
	// CHECK-MESSAGES: :[[@LINE-1]]:12: error: expected expression [clang-diagnostic-error]
}
