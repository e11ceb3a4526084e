print("nobody recorded me")
