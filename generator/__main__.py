from generator.cli import main

if __name__ == "__main__":  # not when a second process imports the package
    main()
